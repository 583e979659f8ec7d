// The look of the screens' text buttons (tailwind classes): one base, a few tones.

export const buttonBase = 'rounded border px-3 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50';

export const buttonStyles = {
  /** The screen's main action (Save, Create, Apply). */
  primary: `${buttonBase} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`,
  /** A dry run before the main action (Preview). */
  preview: `${buttonBase} border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50`,
  /** Leave, drop, toggle (Cancel, Discard). */
  secondary: `${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`,
  /** What loses work once confirmed (Discard changes). */
  danger: `${buttonBase} border-red-600 bg-red-600 text-white hover:bg-red-700`,
};
