import { describe, expect, it } from 'vitest';
import { boundUserFields, isIdentityProviderCallback, USER_NAME_MAX } from './user-fields';

describe('user fields better-auth writes', () => {
  it('cuts a long name or picture address from an identity provider, whose profile the user cannot change', () => {
    const user = boundUserFields({ email: 'x@example.com', name: 'n'.repeat(30_000_000), image: `https://idp.example/${'i'.repeat(5_000)}` }, isIdentityProviderCallback('/callback/oidc'));
    expect(user.name).toHaveLength(USER_NAME_MAX);
    expect(user.image).toHaveLength(2_048);
    expect(user.email).toBe('x@example.com');
  });

  it('refuses them from anyone else, naming the field, and leaves short ones alone', () => {
    expect(() => boundUserFields({ name: 'n'.repeat(101) }, isIdentityProviderCallback('/update-user'))).toThrow('name: keep the name under 100 characters');
    expect(() => boundUserFields({ name: 'n'.repeat(101) }, isIdentityProviderCallback(undefined))).toThrow(/under 100/);
    expect(boundUserFields({ name: 'Ada' }, false)).toEqual({ name: 'Ada' });
  });
});
