import type { SelectHTMLAttributes } from 'react';

export function RoleSelect({ className = '', ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm ${className}`} {...props}>
      <option value="viewer">viewer: reads everything</option>
      <option value="editor">editor: uploads, runs, deletes its own</option>
      <option value="admin">admin: users, connections, anything</option>
    </select>
  );
}
