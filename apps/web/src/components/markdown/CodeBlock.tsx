import { lazy, Suspense, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { clsx } from 'clsx';
import { CopyButton } from '../CopyButton.tsx';
import { actionButton } from '../styles.ts';
import { artifactFile, artifactKind, downloadText } from './artifact.ts';
import { highlightModule } from './modules.ts';
import '../locales.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

// The preview (and Mermaid inside it) loads when a 预览 tab is first opened.
const ArtifactPreview = lazy(() => import('./ArtifactPreview.tsx'));

/** A fenced code block: language label, copy button, highlighting once highlight.js has loaded; HTML, SVG and Mermaid add a 预览 tab and a download. */
export function CodeBlock({ lang, code }: { lang: string; code: string }) {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('artifact');
  const hl = highlightModule.use(!!lang);
  const html = useMemo(() => (hl ? hl.highlight(code, lang) : null), [hl, code, lang]);
  const kind = artifactKind(lang, code);
  const [tab, setTab] = useState<'code' | 'preview'>('code');
  const tabClass = (on: boolean) =>
    clsx('h-7 rounded-md px-2 text-xs font-medium transition-colors', on ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-700 dark:text-white' : 'hover:text-neutral-900 dark:hover:text-white');
  return (
    <div className="md-code" data-lang={lang || undefined}>
      <div className="md-code-bar">
        {kind ? (
          <div role="tablist" aria-label={lang} className="flex items-center gap-0.5">
            <button type="button" role="tab" aria-selected={tab === 'code'} className={tabClass(tab === 'code')} onClick={() => setTab('code')}>
              {ta('code')}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'preview'} className={tabClass(tab === 'preview')} onClick={() => setTab('preview')}>
              {ta('preview')}
            </button>
          </div>
        ) : (
          <span className="truncate">{lang || 'text'}</span>
        )}
        <div className="flex items-center">
          {kind && (
            <button type="button" data-export-ignore onClick={() => downloadText(code, artifactFile(kind))} aria-label={ta('download')} title={ta('download')} className={clsx(actionButton, 'h-7 w-auto gap-1 px-1.5 text-xs')}>
              <Download className="size-3.5" aria-hidden />
              <span>{ta('downloadShort')}</span>
            </button>
          )}
          <CopyButton text={code} label={t('copyCode')} size="sm" showText />
        </div>
      </div>
      {kind && tab === 'preview' ? (
        <Suspense fallback={<div className="h-[360px] animate-pulse bg-neutral-100 dark:bg-neutral-800" />}>
          <ArtifactPreview kind={kind} code={code} />
        </Suspense>
      ) : html !== null ? (
        // Focusable: a long line scrolls sideways, and the keyboard must reach it too (axe scrollable-region-focusable).
        <pre tabIndex={0}>
          {/* highlight.js escapes the code; the markup is its own token spans only. */}
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      ) : (
        <pre tabIndex={0}>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}
