/** The admin scripts/test/e2e-server.sh creates through TURNWISE_ADMIN_EMAIL and TURNWISE_ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' };
