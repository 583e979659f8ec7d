// The app's frame (top bar, body, main) as plain data, shared by the React layout and the first-rows pre-render
// (src/app/boot), so the pre-rendered rows sit where React's rows will.
export const SHELL_CLASS = 'flex h-screen flex-col bg-white text-slate-900';
export const SHELL_HEADER_CLASS = 'flex h-12 shrink-0 items-center gap-5 border-b border-slate-200 bg-white px-4';
export const BRAND_CLASS = 'flex items-center gap-2 text-sm font-semibold tracking-tight text-slate-900';
export const BRAND_MARK_CLASS = 'grid h-6 w-6 place-items-center rounded-md bg-indigo-600 text-[11px] font-bold text-white';
export const SHELL_BODY_CLASS = 'flex min-h-0 flex-1';
export const MAIN_CLASS = 'min-w-0 flex-1';
