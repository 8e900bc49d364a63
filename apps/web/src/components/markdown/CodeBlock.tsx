import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../CopyButton.tsx';
import { highlightModule } from './modules.ts';
import '../locales.ts';

/** A fenced code block: language label, copy button, highlighting once highlight.js has loaded. */
export function CodeBlock({ lang, code }: { lang: string; code: string }) {
  const { t } = useTranslation('common');
  const hl = highlightModule.use(!!lang);
  const html = useMemo(() => (hl ? hl.highlight(code, lang) : null), [hl, code, lang]);
  return (
    <div className="md-code" data-lang={lang || undefined}>
      <div className="md-code-bar">
        <span className="truncate">{lang || 'text'}</span>
        <CopyButton text={code} label={t('copyCode')} size="sm" showText />
      </div>
      {html !== null ? (
        <pre>
          {/* highlight.js escapes the code; the markup is its own token spans only. */}
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      ) : (
        <pre>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}
