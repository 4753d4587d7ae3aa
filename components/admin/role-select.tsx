import type { SelectHTMLAttributes } from 'react';

/** The roles to pick from: of a project (`inProject`), or on the users page, where admin makes an instance admin and the others are roles in "Default". */
export function RoleSelect({ className = '', inProject = false, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { inProject?: boolean }) {
  return (
    <select className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm ${className}`} {...props}>
      <option value="viewer">viewer: reads everything{inProject ? '' : ' in Default'}</option>
      <option value="editor">editor: uploads, runs, deletes its own{inProject ? '' : ' in Default'}</option>
      <option value="admin">{inProject ? 'admin: members, connections, settings' : 'admin: every project, users, anything'}</option>
    </select>
  );
}
