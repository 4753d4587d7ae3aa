/** A labelled input whose help text describes it without being part of its name. */
export function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="block text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children}
      {help ? (
        <span id={`${id}-help`} className="block text-xs text-slate-500">
          {help}
        </span>
      ) : null}
      {error}
    </div>
  );
}
