/** The name the alerts lane is registered under: the front door wakes it after a signal. */
export const ALERT_JOBS = 'alerts';
