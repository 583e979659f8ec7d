// The navigator's frame as plain data, shared with the first-rows pre-render (src/app/boot).
export const NAVIGATOR_CLASS = 'flex w-60 shrink-0 flex-col border-r border-slate-200 bg-slate-50/60';
