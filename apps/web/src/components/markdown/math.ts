import type { Options } from 'react-markdown';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

export const remarkPlugins: NonNullable<Options['remarkPlugins']> = [remarkMath];
// A formula KaTeX cannot read is shown as its source in red instead of breaking the reply.
export const rehypePlugins: NonNullable<Options['rehypePlugins']> = [[rehypeKatex, { throwOnError: false, strict: 'ignore', errorColor: '#dc2626' }]];
