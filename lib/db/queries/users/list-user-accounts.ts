import type { Db } from '../../db-types';

export interface UserInfo {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  /** How the user signs in: 'password', 'oidc'… */
  providers: string[];
}

export async function listUserAccounts(db: Db): Promise<UserInfo[]> {
  const rows = await db.user.findMany({
    orderBy: { createdAt: 'asc' },
    select: { id: true, email: true, name: true, role: true, createdAt: true, accounts: { select: { providerId: true } } },
  });
  return rows.map(({ accounts, ...user }) => ({ ...user, providers: accounts.map((a) => (a.providerId === 'credential' ? 'password' : a.providerId)) }));
}
