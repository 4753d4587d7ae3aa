import { NewUserForm } from '@/components/admin/new-user-form';
import { UserRowActions } from '@/components/admin/user-row-actions';
import { Card } from '@/components/ui/card';
import { Table, Td } from '@/components/ui/table';
import { requireInstanceAdminPage } from '@/lib/auth/session';
import { loadUsersPage } from '@/lib/auth/page/load-users-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Users' };

export default async function UsersPage() {
  const admin = await requireInstanceAdminPage();
  const users = await loadUsersPage();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <Card title="Add a user">
        <NewUserForm />
      </Card>
      <Table head={['User', 'Signs in with', 'Role', 'Change']}>
        {users.map((user) => (
          <tr key={user.id}>
            <Td>
              <div className="font-medium">{user.name}</div>
              <div className="text-xs text-slate-500">{user.email}</div>
            </Td>
            <Td>{user.providers.join(', ') || '—'}</Td>
            <Td>{user.role}</Td>
            <Td>
              <UserRowActions user={user} self={user.id === admin.id} />
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
