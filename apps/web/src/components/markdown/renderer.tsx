import { isValidElement, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock.tsx';
import { Image as ImageIcon } from 'lucide-react';
import { useSession } from '../../lib/session.ts';
import { imageAllowed, safeUrl } from './safe-url.ts';
import './markdown.css';

type MathPlugins = { remarkPlugins: NonNullable<Options['remarkPlugins']>; rehypePlugins: NonNullable<Options['rehypePlugins']> };

const text = (node: ReactNode): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(text).join('');
  if (isValidElement(node)) return text((node.props as { children?: ReactNode }).children);
  return '';
};

const NO_HOSTS: string[] = [];

/** An image of a reply: loaded only from allowed places; from anywhere else a link the reader may open. */
function ReplyImage({ src, alt, rest }: { src: string; alt: string; rest: ComponentPropsWithoutRef<'img'> }) {
  const hosts = useSession((s) => s.website?.image_hosts ?? NO_HOSTS);
  if (imageAllowed(src, hosts)) return <img {...rest} src={src} alt={alt} loading="lazy" referrerPolicy="no-referrer" />;
  let label = alt;
  try {
    label ||= new URL(src).host;
  } catch {
    label ||= src;
  }
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className="md-external-image" title={src}>
      <ImageIcon className="inline size-4 align-[-3px]" aria-hidden /> {label}
    </a>
  );
}

const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ node: _node, src, alt, ...rest }) => (typeof src === 'string' && src ? <ReplyImage src={src} alt={alt ?? ''} rest={rest} /> : null),
  pre: ({ children }) => {
    const code = (Array.isArray(children) ? children[0] : children) as ReactElement<ComponentPropsWithoutRef<'code'>> | undefined;
    const className = isValidElement(code) ? code.props.className ?? '' : '';
    const lang = /language-([\w+#.-]+)/.exec(className)?.[1]?.toLowerCase() ?? '';
    return <CodeBlock lang={lang} code={text(isValidElement(code) ? code.props.children : children).replace(/\n$/, '')} />;
  },
  table: ({ node: _node, ...rest }) => (
    <div className="md-table">
      <table {...rest} />
    </div>
  ),
};

const gfm: NonNullable<Options['remarkPlugins']> = [remarkGfm];

/**
 * One markdown block of a reply. Raw HTML in the source is shown as text (react-markdown's
 * default without rehype-raw); URLs go through `safeUrl`.
 */
export function MarkdownBlock({ source, math }: { source: string; math: MathPlugins | null }) {
  return (
    <Markdown
      remarkPlugins={math ? [...gfm, ...math.remarkPlugins] : gfm}
      rehypePlugins={math?.rehypePlugins}
      urlTransform={(url, key, node) => safeUrl(url, key, node.tagName)}
      components={components}
    >
      {source}
    </Markdown>
  );
}
