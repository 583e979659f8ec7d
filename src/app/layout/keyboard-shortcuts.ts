// Every keyboard shortcut the app answers, by where it works: what the `?` dialog lists. A new key handler adds its line here.

export interface Shortcut {
  /** Alternatives, each pressed as one chord ("Ctrl+K" or ":"). */
  keys: string[];
  does: string;
}

export interface ShortcutSection {
  where: string;
  shortcuts: Shortcut[];
}

export const KEYBOARD_SHORTCUTS: readonly ShortcutSection[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      { keys: ['Ctrl+K', ':'], does: 'Open the command palette: a resource, a namespace or an object by name (⌘K on macOS)' },
      { keys: ['Alt+R'], does: 'Open or close the request console' },
      { keys: ['?'], does: 'This list of shortcuts' },
      { keys: ['Escape'], does: 'Close a dialog, the request console or the selector help' },
    ],
  },
  {
    where: 'A list',
    shortcuts: [
      { keys: ['/'], does: 'Filter the rows' },
      { keys: ['j', 'Down'], does: 'Select the next row' },
      { keys: ['k', 'Up'], does: 'Select the previous row' },
      { keys: ['Home', 'End'], does: 'Select the first or the last row' },
      { keys: ['PageUp', 'PageDown'], does: 'Select a page of rows up or down' },
      { keys: ['Enter'], does: 'Open the selected row' },
      { keys: ['Space'], does: 'Mark the selected row, for Delete selected' },
      { keys: ['Escape'], does: 'Clear the selection; in the filter, clear the filter' },
    ],
  },
  {
    where: 'The resource filter in the sidebar',
    shortcuts: [
      { keys: ['Enter'], does: 'Open the only resource that matches' },
      { keys: ['Escape'], does: 'Clear the filter' },
    ],
  },
  {
    where: 'The command palette',
    shortcuts: [
      { keys: ['Up', 'Down'], does: 'Move through the matches' },
      { keys: ['Enter'], does: 'Go to the highlighted match' },
    ],
  },
  {
    where: 'Editing',
    shortcuts: [
      { keys: ['Ctrl+S'], does: 'Save the object (Edit) or create it (Create)' },
      { keys: ['Ctrl+Enter'], does: 'Send the raw request' },
      { keys: ['Enter'], does: 'In the Form view’s field search, go to the first field found' },
    ],
  },
  {
    where: 'Logs',
    shortcuts: [{ keys: ['Enter', 'Shift+Enter'], does: 'In the search, go to the next or the previous match' }],
  },
  {
    where: 'Explain’s field tree',
    shortcuts: [
      { keys: ['Up', 'Down', 'Home', 'End'], does: 'Move between fields' },
      { keys: ['Right', 'Left'], does: 'Open or close a field’s children' },
      { keys: ['Enter'], does: 'Show the field' },
    ],
  },
];
