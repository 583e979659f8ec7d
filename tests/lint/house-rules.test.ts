// Probe files that break each folder rule must fail the repository's own ESLint config (`npm run lint` checks the tree).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('house rules (eslint.config.js)', () => {
  it('features never import each other', async () => {
    const found = await problems('src/features/browse/probe.ts', "import { EditPage } from '../edit/edit-page';\nexport const probe = EditPage;\n");
    expect(found).toEqual([expect.stringMatching(/^house\/boundaries: features never import each other: browse imports edit/)]);
  });

  it('src/writes sits below the screens and above data, k8s and components', async () => {
    expect(await problems('src/writes/probe.ts', "import { EditPage } from '../features/edit/edit-page';\nexport const probe = EditPage;\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: src\/writes is what the write screens share: it never imports src\/features$/)]);
    expect(await problems('src/components/probe.ts', "import { draftReducer } from '../writes/draft/draft-model';\nexport const probe = draftReducer;\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: src\/components sits below the screens: it never imports src\/writes$/)]);
    expect(await problems('src/k8s/probe.ts', "import type { DraftKey } from '../writes/draft/draft-storage';\nexport type Probe = DraftKey;\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: src\/k8s is the protocol core: it never imports src\/writes$/)]);
    // The screens that write share it: features and the app layer may import it.
    expect(await problems('src/features/delete/probe.ts', "import { writeOutcome } from '../../writes/save/write-outcome';\nexport const probe = writeOutcome;\n")).toEqual([]);
  });

  it('src/k8s imports neither React nor the data layer', async () => {
    const found = await problems('src/k8s/probe.ts', "import { useState } from 'react';\nimport { useQuery } from '@tanstack/react-query';\nimport { queryClient } from '../data/query-client';\nexport const probe = [useState, useQuery, queryClient];\n");
    expect(found).toEqual([
      expect.stringMatching(/^house\/boundaries: src\/k8s .* never imports react /),
      expect.stringMatching(/^house\/boundaries: src\/k8s .* never imports @tanstack\/react-query /),
      expect.stringMatching(/^house\/boundaries: src\/k8s .* never imports src\/data$/),
    ]);
  });

  it('src, server and demo-cluster never import each other, wire imports none of them', async () => {
    expect(await problems('server/probe.ts', "import { startDemoCluster } from '../demo-cluster/index.js';\nexport const probe = startDemoCluster;\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: server\/ never imports demo-cluster\//)]);
    expect(await problems('demo-cluster/probe.ts', "export { startServer } from '../server/start.js';\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: demo-cluster\/ never imports server\//)]);
    expect(await problems('src/probe.ts', "export const load = () => import('../server/app.js');\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: src\/ never imports server\//)]);
    expect(await problems('wire/probe.ts', "import type { Table } from '../src/k8s/table';\nexport type Probe = Table;\n"))
      .toEqual([expect.stringMatching(/^house\/boundaries: wire\/ is what src\/, server\/ and demo-cluster\/ share/)]);
  });

  it('no import cycles: api-client imports kube-api-error, so kube-api-error importing api-client closes one', async () => {
    const found = await problems('src/k8s/kube-api-error.ts', "import { kubeRequest } from './api-client';\nexport const probe = kubeRequest;\n");
    expect(found).toContainEqual('house/no-cycle: import cycle: src/k8s/kube-api-error.ts -> src/k8s/api-client.ts -> src/k8s/kube-api-error.ts');
  });

  it('a type-only import forms a cycle too: types tie modules together as values do', async () => {
    const found = await problems('src/k8s/kube-api-error.ts', "import type { KubeResponse } from './api-client';\nexport type Probe = KubeResponse<unknown>;\n");
    expect(found).toContainEqual('house/no-cycle: import cycle: src/k8s/kube-api-error.ts -> src/k8s/api-client.ts -> src/k8s/kube-api-error.ts');
  });

  it('a dynamic import() is a deliberate split, not a cycle', async () => {
    const found = await problems('src/k8s/kube-api-error.ts', "export const later = () => import('./api-client');\n");
    expect(found.filter((p) => p.startsWith('house/no-cycle'))).toEqual([]);
  });
  it('no HTML injection in src/: dangerouslySetInnerHTML, innerHTML/outerHTML assignments, insertAdjacentHTML, document.write', async () => {
    const found = await problems(
      'src/features/object/probe.tsx',
      [
        'export const A = ({ t }: { t: string }) => <div dangerouslySetInnerHTML={{ __html: t }} />;',
        "export const B = (el: HTMLElement, t: string) => { el.innerHTML = t; el['outerHTML'] = t; el.outerHTML += t; };",
        "export const C = (el: HTMLElement, t: string) => el.insertAdjacentHTML('beforeend', t);",
        'export const D = (t: string) => document.write(t);',
        '',
      ].join('\n'),
    );
    expect(found.filter((p) => p.startsWith('no-restricted-syntax'))).toEqual([
      expect.stringMatching(/dangerouslySetInnerHTML is forbidden/),
      expect.stringMatching(/innerHTML\/outerHTML is forbidden/),
      expect.stringMatching(/innerHTML\/outerHTML is forbidden/),
      expect.stringMatching(/innerHTML\/outerHTML is forbidden/),
      expect.stringMatching(/insertAdjacentHTML/),
      expect.stringMatching(/document.write/),
    ]);
    // Reading them (tests, measurements) stays allowed: only writes parse HTML.
    expect(await problems('src/features/object/probe.ts', 'export const read = (el: HTMLElement) => el.innerHTML.length;\n')).toEqual([]);
  });
});
