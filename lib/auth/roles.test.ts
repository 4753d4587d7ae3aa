import { describe, expect, it } from 'vitest';
import { hasRole, mayChange } from '../identity/roles';

describe('roles', () => {
  it('orders viewer < editor < admin; an unknown role is a viewer', () => {
    expect(hasRole('viewer', 'editor')).toBe(false);
    expect(hasRole('editor', 'editor')).toBe(true);
    expect(hasRole('editor', 'admin')).toBe(false);
    expect(hasRole('admin', 'editor')).toBe(true);
    expect(hasRole('owner', 'editor')).toBe(false);
  });
  it('lets editors change only what they made and admins anything', () => {
    expect(mayChange({ id: 'u1', role: 'editor' }, 'u1')).toBe(true);
    expect(mayChange({ id: 'u1', role: 'editor' }, 'u2')).toBe(false);
    expect(mayChange({ id: 'u1', role: 'editor' }, null)).toBe(false);
    expect(mayChange({ id: 'u1', role: 'viewer' }, 'u1')).toBe(false);
    expect(mayChange({ id: 'u9', role: 'admin' }, null)).toBe(true);
  });
  it('lets the service key change what no user owns (its own runs), not what a user made', () => {
    expect(mayChange({ id: 'service', role: 'editor' }, null)).toBe(true);
    expect(mayChange({ id: 'service', role: 'editor' }, 'u1')).toBe(false);
  });
});
