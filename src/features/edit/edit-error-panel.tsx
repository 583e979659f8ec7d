// A failed save shown fully as the API reported it: code, reason, message, causes (a cause's field jumps to its YAML line).
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';

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
      footer="Your text is kept: fix it and Save again."
    />
  );
}
