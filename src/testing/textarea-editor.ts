// Test-only: the YAML editor as a user drives it, on screens rendered with textareaEditors (a labelled textarea).
import { fireEvent, screen } from '@testing-library/react';

/** The editor labelled `label`: the element, a wait for it to show, typing into it, replacing part of its text. */
export function textareaEditor(label: string) {
  const editor = () => screen.getByLabelText<HTMLTextAreaElement>(label);
  const type = (value: string) => fireEvent.change(editor(), { target: { value } });
  return {
    editor,
    shown: () => screen.findByLabelText<HTMLTextAreaElement>(label),
    type,
    replace: (from: string, to: string) => type(editor().value.replace(from, to)),
  };
}
