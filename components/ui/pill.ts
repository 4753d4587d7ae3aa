/** A small rounded link that switches a view (verdict map metric, turns shown, histogram mode); the active one filled. */
export const pillClass = (active: boolean): string =>
  `rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset ${active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`;
