// One image input per container (init containers first): Set image previews a strategic merge patch of that container.
import { useId, useState, type FormEvent } from 'react';
import type { KubeObject } from '../../k8s/kube-object';
import { containerImages, imageChange, imageProblem, imagesLockedReason, type ContainerImage } from './container-images';
import { FieldProblems, inputClass, primaryButton } from './field-problems';
import type { RequestPreview } from './metadata-entries-editor';

interface ContainerImagesEditorProps {
  object: KubeObject;
  apiPath: string;
  onPreview: RequestPreview;
}

function ImageRow({ object, apiPath, container, locked, onPreview }: ContainerImagesEditorProps & { container: ContainerImage; locked: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problemsId = useId();
  const what = container.list === 'initContainers' ? 'init container' : 'container';
  const text = draft ?? container.image;
  const problem = imageProblem(text);
  const showProblem = tried && problem !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem !== null || text === container.image) return;
    onPreview(imageChange(object, apiPath, container.list, container.name, text), () => {
      setDraft(null);
      setTried(false);
    });
  };
  return (
    <li>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-1">
        <span className="w-40 truncate font-mono text-xs text-slate-700" title={container.name}>
          {container.name}
          {container.list === 'initContainers' && <span className="ml-1 rounded bg-slate-100 px-1 font-sans text-[10px] text-slate-500">init</span>}
        </span>
        <input
          type="text"
          aria-label={`Image of ${what} ${container.name}`}
          aria-invalid={showProblem}
          aria-describedby={showProblem ? problemsId : undefined}
          value={text}
          readOnly={locked}
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
          className={`${inputClass} min-w-0 flex-1 read-only:bg-slate-50 read-only:text-slate-500`}
        />
        {!locked && (
          <button type="submit" aria-label={`Set image of ${what} ${container.name}`} className={primaryButton} disabled={text === container.image}>
            Set image
          </button>
        )}
        {draft !== null && draft !== container.image && !locked && (
          <span className="text-[11px] text-slate-500" title={`Running image: ${container.image}`}>
            was {container.image || 'empty'}
          </span>
        )}
      </form>
      {showProblem && problem !== null && <FieldProblems id={problemsId} problems={[problem]} />}
    </li>
  );
}

export function ContainerImagesEditor(props: ContainerImagesEditorProps) {
  const containers = containerImages(props.object);
  const lockedReason = imagesLockedReason(props.object);
  return (
    <div>
      <h3 className="text-xs font-medium text-slate-600">Container images</h3>
      {lockedReason && <p className="mt-0.5 text-xs text-slate-500">{lockedReason}</p>}
      <ul className="mt-1 space-y-1">
        {containers.map((c) => (
          <ImageRow key={`${c.list}/${c.name}`} {...props} container={c} locked={lockedReason !== null} />
        ))}
      </ul>
    </div>
  );
}
