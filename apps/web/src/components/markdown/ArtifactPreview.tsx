import { useEffect, useRef, useState } from 'react';
import type { ArtifactKind } from './artifact.ts';
import { previewDocument } from './preview-document.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

let mermaidSeq = 0;

/** Renders a Mermaid diagram to SVG markup; the library is fetched on the first diagram only. */
async function mermaidSvg(code: string): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif' });
  const { svg } = await mermaid.render(`artifact-mermaid-${++mermaidSeq}`, code);
  return svg;
}

/** The server's sandbox page (its own policy: inline scripts run, no network); the markup is posted into it. */
const FRAME_URL = '/artifact-frame';

/**
 * The 预览 tab of an HTML, SVG or Mermaid block: always inside an iframe sandboxed with scripts
 * but without same-origin, its document under its own no-network policy (artifact.ts). A srcdoc
 * frame would inherit the app's policy, under which the preview's own scripts could not run.
 */
export default function ArtifactPreview({ kind, code }: { kind: ArtifactKind; code: string }) {
  const { t: ta } = useTranslation('artifact');
  const [markup, setMarkup] = useState<string | null>(kind === 'mermaid' ? null : code);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const html = markup === null ? null : previewDocument(markup);

  // The frame says when it listens (and loads); it is sent the markup once.
  useEffect(() => {
    if (html === null) return;
    // Once: writing the markup fires the frame's load event again (and document.open drops the frame's own guard).
    let sent = false;
    const send = () => {
      if (sent || !frame.current?.contentWindow) return;
      sent = true;
      frame.current.contentWindow.postMessage({ html }, '*');
    };
    const onMessage = (e: MessageEvent) => {
      if (e.source === frame.current?.contentWindow && (e.data as { artifactFrame?: string } | null)?.artifactFrame === 'ready') send();
    };
    addEventListener('message', onMessage);
    const el = frame.current;
    el?.addEventListener('load', send);
    return () => {
      removeEventListener('message', onMessage);
      el?.removeEventListener('load', send);
    };
  }, [html]);

  useEffect(() => {
    if (kind !== 'mermaid') return;
    let live = true;
    mermaidSvg(code).then(
      (svg) => live && setMarkup(svg),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, code]);

  if (failed) return <p className="px-3.5 py-3 text-sm text-red-600 dark:text-red-400">{ta('failed')}</p>;
  if (markup === null) return <div className="h-[320px] animate-pulse bg-neutral-100 dark:bg-neutral-800" role="status" aria-label={ta('loading')} />;
  return (
    <iframe
      title={ta('frame')}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      ref={frame}
      key={html}
      src={FRAME_URL}
      className="block h-[360px] w-full border-0 bg-white"
      data-testid="artifact-frame"
    />
  );
}
