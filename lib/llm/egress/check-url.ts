import { AppError } from '../../errors';
import { egressErrorOf } from './egress-errors';
import type { EgressPolicy } from './egress-policy';
import { resolveChecked } from './resolve-checked';

/**
 * The egress check of a URL where a user sets it (a form field, an API body), before anything is
 * stored or sent: BAD_INPUT naming `field`, the address and the setting, when the policy refuses
 * it. A host that does not resolve here is left to the check at call time (the worker may see
 * another network).
 */
export async function assertEgressAllowed(url: string, policy: EgressPolicy, field: string): Promise<void> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return;
  }
  try {
    await resolveChecked(hostname, policy);
  } catch (error) {
    const refusal = egressErrorOf(error);
    if (refusal) throw new AppError('BAD_INPUT', `${field}: ${refusal.message}`, { field, ...('setting' in refusal ? { setting: refusal.setting, address: refusal.address } : {}) });
  }
}
