// A failed save shown fully as the API reported it: code, reason, message, causes (a cause's field jumps to its YAML line).
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { writeOutcome } from '../../writes/save/write-outcome';

export interface EditErrorPanelProps {
  error: unknown;
  title: string;
  onCauseClick: (field: string) => void;
}

export function EditErrorPanel({ error, title, onCauseClick }: EditErrorPanelProps) {
  return (
    <KubeErrorPanel
      error={error}
      title={title}
      onCauseClick={onCauseClick}
      testId="save-error"
      footer={
        writeOutcome(error).known === 'unknown'
          ? 'Your text is kept. Whether the server applied it is not known: Check now before you Save again.'
          : 'Your text is kept: fix it and Save again.'
      }
    />
  );
}
