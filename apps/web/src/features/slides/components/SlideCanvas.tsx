import type { CSSProperties } from 'react';
import type { DeckSlide } from '@app/shared';
import { cssFont, type SlideTheme } from '@app/shared/slides';
import { useTranslation } from '../../../lib/i18n.ts';

const hex = (c: string) => `#${c}`;

/**
 * One slide drawn in the browser from the same theme values as the .pptx: a 16:9 box whose type
 * scales with its width (container units), so a thumbnail and the full-screen view match.
 */
export function SlideCanvas({ slide, theme, number, className = '', label }: { slide: DeckSlide; theme: SlideTheme; number?: number; className?: string; label?: string }) {
  const cover = slide.kind === 'cover' || slide.kind === 'end' || slide.kind === 'section';
  const style: CSSProperties = {
    containerType: 'inline-size',
    aspectRatio: '16 / 9',
    background: hex(cover ? theme.coverBackground : theme.background),
    color: hex(cover ? theme.coverText : theme.text),
    fontFamily: cssFont(theme.bodyFont),
  };
  const head: CSSProperties = { fontFamily: cssFont(theme.headFont), color: hex(cover ? theme.coverText : theme.title) };
  return (
    <div className={`relative w-full overflow-hidden text-left select-none ${className}`} style={style} {...(label === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label ?? slide.title })}>
      {cover ? <CoverSlide slide={slide} theme={theme} head={head} /> : <ContentSlide slide={slide} theme={theme} head={head} number={number} />}
    </div>
  );
}

function CoverSlide({ slide, theme, head }: { slide: DeckSlide; theme: SlideTheme; head: CSSProperties }) {
  const section = slide.kind === 'section';
  const pictured = section && !!slide.image;
  const textRight = pictured ? '53%' : '9%';
  return (
    <>
      {section ? (
        <div className="absolute inset-x-0 top-0" style={{ height: '2.4%', background: hex(theme.accent) }} />
      ) : theme.cover === 'band' ? (
        <>
          <div className="absolute inset-y-0 left-0" style={{ width: '2.6%', background: hex(theme.accent) }} />
          <div className="absolute inset-y-0" style={{ left: '2.6%', width: '0.6%', background: hex(theme.accent2) }} />
        </>
      ) : theme.cover === 'bar' ? (
        <>
          <div className="absolute inset-x-0 bottom-0" style={{ height: '6.7%', background: hex(theme.accent) }} />
          <div className="absolute inset-x-0" style={{ bottom: '6.7%', height: '1%', background: hex(theme.accent2) }} />
        </>
      ) : (
        <div className="absolute" style={{ inset: '5.3% 3%', border: `0.25cqw solid ${hex(theme.accent2)}` }} />
      )}
      {/* A divider's illustration takes the right half (as in the .pptx); the text keeps to the left. */}
      {pictured && <img src={slide.image} alt="" className="absolute object-cover" style={{ left: '50%', right: 0, top: '2.4%', bottom: 0, width: '50%', height: '97.6%' }} data-testid="slide-illustration" />}
      <div className="absolute flex flex-col justify-end" style={{ left: '9%', right: textRight, top: '20%', height: '32%' }}>
        <h2 className="leading-tight font-bold break-words" style={{ ...head, fontSize: slide.title.length > (pictured ? 12 : 24) ? '3.6cqw' : '4.6cqw' }}>
          {slide.title}
        </h2>
      </div>
      <div className="absolute" style={{ left: '9%', top: '54%', width: '12%', height: '1%', background: hex(theme.accent2) }} />
      {slide.subtitle && (
        <p className="absolute" style={{ left: '9%', right: textRight, top: '58%', fontSize: '2.2cqw', opacity: 0.92 }}>
          {slide.subtitle}
        </p>
      )}
    </>
  );
}

function Bullets({ items, theme, size }: { items: string[]; theme: SlideTheme; size: string }) {
  return (
    <ul className="flex flex-col" style={{ gap: '1.3cqw', fontSize: size, lineHeight: 1.45 }}>
      {items.map((b, i) => (
        <li key={i} className="flex items-start" style={{ gap: '1.2cqw' }}>
          <span className="shrink-0 rounded-full" style={{ width: '0.9cqw', height: '0.9cqw', marginTop: '0.55em', background: hex(theme.accent) }} />
          <span className="min-w-0 break-words">{b}</span>
        </li>
      ))}
    </ul>
  );
}

const titleSize = (title: string) => {
  const n = Array.from(title).length;
  return n > 60 ? '1.8cqw' : n > 28 ? '2.4cqw' : '3.2cqw';
};

const sizeFor = (items: string[], big = 2.3) => {
  const chars = items.reduce((n, s) => n + s.length, 0);
  return `${chars > 220 ? big - 0.8 : chars > 140 ? big - 0.4 : big}cqw`;
};

function ContentSlide({ slide, theme, head, number }: { slide: DeckSlide; theme: SlideTheme; head: CSSProperties; number?: number }) {
  const body = (() => {
    if (slide.kind === 'two-column' && slide.left && slide.right) {
      return (
        <div className="grid h-full grid-cols-2" style={{ gap: '3.5cqw' }}>
          {[slide.left, slide.right].map((col, i) => (
            <div key={i} className="relative overflow-hidden" style={{ background: hex(theme.panel), padding: '2.2cqw' }}>
              <div className="absolute inset-x-0 top-0" style={{ height: '0.6cqw', background: hex(i ? theme.accent2 : theme.accent) }} />
              <p className="font-bold" style={{ ...head, fontSize: '2.1cqw', marginBottom: '1.4cqw' }}>
                {col.heading}
              </p>
              <Bullets items={col.bullets} theme={theme} size={sizeFor(col.bullets, 1.7)} />
            </div>
          ))}
        </div>
      );
    }
    if (slide.kind === 'quote' && slide.quote) {
      return (
        <div className="relative flex h-full flex-col justify-center" style={{ background: hex(theme.panel), padding: '3cqw 6cqw', margin: '1.5cqw 0' }}>
          <div className="absolute inset-y-0 left-0" style={{ width: '0.9cqw', background: hex(theme.accent) }} />
          <span className="absolute leading-none" style={{ left: '2.5cqw', top: '1cqw', fontSize: '7cqw', color: hex(theme.accent2) }} aria-hidden>
            “
          </span>
          <p style={{ ...head, fontSize: slide.quote.length > 60 ? '2.3cqw' : '2.9cqw', lineHeight: 1.5 }}>{slide.quote}</p>
          {slide.source && (
            <p className="text-right" style={{ fontSize: '1.5cqw', color: hex(theme.muted), marginTop: '2cqw' }}>
              —— {slide.source}
            </p>
          )}
        </div>
      );
    }
    if (slide.kind === 'chart' && slide.chart?.length) return <ChartBody slide={slide} theme={theme} head={head} />;
    if (slide.kind === 'timeline' && slide.steps?.length) return <TimelineBody steps={slide.steps} theme={theme} head={head} />;
    const items = slide.bullets ?? [];
    if (slide.kind === 'contents') {
      const two = items.length > 4;
      return (
        <div className={`grid ${two ? 'grid-cols-2' : 'grid-cols-1'}`} style={{ gap: '1.8cqw 4cqw' }}>
          {items.map((b, i) => (
            <div key={i} className="flex items-center" style={{ gap: '1.6cqw' }}>
              <span className="font-bold tabular-nums" style={{ ...head, color: hex(theme.accent), fontSize: '3cqw' }}>
                {String(i + 1).padStart(2, '0')}
              </span>
              <span style={{ fontSize: '2.1cqw' }}>{b}</span>
            </div>
          ))}
        </div>
      );
    }
    if (slide.kind === 'bullets' && items.length >= 2 && items.length <= 4 && items.every((b) => Array.from(b).length <= 60)) return <Cards items={items} theme={theme} head={head} />;
    return <Bullets items={items} theme={theme} size={sizeFor(items)} />;
  })();
  return (
    <>
      <div className="absolute inset-x-0 top-0" style={{ height: '1.6%', background: hex(theme.accent) }} />
      {/* A long title takes a smaller size and up to three lines; the accent bar stays below it. */}
      <div className="absolute flex flex-col justify-center" style={{ left: '5.2%', right: '5.2%', top: '3%', height: '17%' }}>
        <h2 className="line-clamp-3 font-bold break-words" style={{ ...head, fontSize: titleSize(slide.title), lineHeight: 1.25 }}>
          {slide.title}
        </h2>
        <div className="shrink-0" style={{ width: '9%', height: '0.45cqw', marginTop: '1cqw', background: hex(theme.accent2) }} />
      </div>
      <div className="absolute overflow-hidden" style={{ left: '5.2%', right: '5.2%', top: '22%', bottom: '11%' }}>
        {body}
      </div>
      {number !== undefined && (
        <span className="absolute tabular-nums" style={{ right: '4%', bottom: '3.5%', fontSize: '1.3cqw', color: hex(theme.muted) }}>
          {number}
        </span>
      )}
    </>
  );
}

const plain = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
const withUnit = (v: number, unit: string) => `${plain(v)}${unit ? (/^[%‰]/.test(unit) ? unit : ` ${unit}`) : ''}`;

/** Columns scaled to the largest value, each with its value and unit, labels wrapping under them; the callout and the source as in the .pptx. */
function ChartBody({ slide, theme, head }: { slide: DeckSlide; theme: SlideTheme; head: CSSProperties }) {
  const { t } = useTranslation('slides');
  const chart = slide.chart ?? [];
  const unit = slide.unit ?? '';
  const max = Math.max(...chart.map((c) => Math.abs(c.value)), 1);
  const top = [...chart].sort((a, b) => b.value - a.value)[0]!;
  return (
    <div className="grid h-full" style={{ gridTemplateColumns: '64% 1fr', gap: '3cqw' }}>
      <div className="flex min-h-0 flex-col">
        <div className="flex min-h-0 flex-1 items-end" style={{ gap: '1.5cqw', borderBottom: `0.15cqw solid ${hex(theme.muted)}` }}>
          {chart.map((c, i) => (
            <div key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
              <span className="tabular-nums" style={{ fontSize: '1.3cqw', marginBottom: '0.4cqw' }}>
                {withUnit(c.value, unit)}
              </span>
              <div style={{ width: '70%', height: `${Math.max(1, (Math.abs(c.value) / max) * 82)}%`, background: hex(theme.accent) }} />
            </div>
          ))}
        </div>
        <div className="flex" style={{ gap: '1.5cqw', marginTop: '0.6cqw' }}>
          {chart.map((c, i) => (
            <span key={i} className="line-clamp-2 min-w-0 flex-1 text-center break-words" style={{ fontSize: '1.25cqw', lineHeight: 1.3 }} title={c.label}>
              {c.label}
            </span>
          ))}
        </div>
        <p className="truncate" style={{ fontSize: '1.1cqw', color: hex(theme.text), marginTop: '0.8cqw' }}>
          {slide.source ? t('canvas.source', { source: slide.source }) : t('canvas.noSource')}
        </p>
      </div>
      <div className="flex min-h-0 flex-col" style={{ gap: '2cqw' }}>
        <div className="flex flex-col items-center justify-center text-center" style={{ background: hex(theme.panel), padding: '2.5cqw 1.5cqw' }}>
          <span className="font-bold whitespace-nowrap tabular-nums" style={{ ...head, color: hex(theme.accent), fontSize: '4.6cqw', lineHeight: 1.1 }}>
            {plain(top.value)}
            {unit && <span style={{ fontSize: '2cqw' }}>{/^[%‰]/.test(unit) ? unit : ` ${unit}`}</span>}
          </span>
          <span className="break-words" style={{ fontSize: '1.5cqw' }}>
            {top.label}
          </span>
        </div>
        {slide.bullets?.length ? <Bullets items={slide.bullets} theme={theme} size="1.4cqw" /> : null}
      </div>
    </div>
  );
}

/** Steps along a line: the label above its dot, the text below. */
function TimelineBody({ steps, theme, head }: { steps: NonNullable<DeckSlide['steps']>; theme: SlideTheme; head: CSSProperties }) {
  const long = steps.some((s) => Array.from(s.text).length > 36);
  return (
    <div className="relative grid h-full" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))`, gap: '1cqw' }}>
      <div className="absolute" style={{ left: `${50 / steps.length}%`, right: `${50 / steps.length}%`, top: '6.6cqw', height: '0.4cqw', background: hex(theme.accent2) }} />
      {steps.map((s, i) => (
        <div key={i} className="relative flex min-w-0 flex-col items-center text-center">
          <span className="flex items-end justify-center font-bold break-words" style={{ ...head, color: hex(theme.accent), fontSize: '1.7cqw', height: '5cqw', lineHeight: 1.2 }}>
            {s.label}
          </span>
          <span className="rounded-full" style={{ width: '2.4cqw', height: '2.4cqw', marginTop: '0.4cqw', background: hex(theme.accent), border: `0.3cqw solid ${hex(theme.background)}` }} />
          <span className="break-words" style={{ fontSize: long ? '1.2cqw' : '1.6cqw', lineHeight: 1.45, marginTop: '1.5cqw' }}>
            {s.text}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Two to four short points as numbered cards, as the .pptx draws them; 「要点：说明」 sets the point in bold. */
function Cards({ items, theme, head }: { items: string[]; theme: SlideTheme; head: CSSProperties }) {
  return (
    <div className="grid" style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))`, gap: '2.6cqw', height: '72%' }}>
      {items.map((b, i) => {
        const m = /^(.{1,24}?)[：:]\s*(.+)$/.exec(b);
        return (
          <div key={i} className="relative overflow-hidden" style={{ background: hex(theme.panel), padding: '2.4cqw 1.9cqw' }}>
            <div className="absolute inset-x-0 top-0" style={{ height: '0.6cqw', background: hex(i % 2 ? theme.accent2 : theme.accent) }} />
            <p className="font-bold tabular-nums" style={{ ...head, color: hex(theme.accent), fontSize: '3.2cqw', lineHeight: 1.2 }}>
              {String(i + 1).padStart(2, '0')}
            </p>
            <p className="font-bold break-words" style={{ ...head, fontSize: '1.9cqw', marginTop: '1.6cqw', lineHeight: 1.35 }}>
              {m ? m[1] : b}
            </p>
            {m && (
              <p className="break-words" style={{ fontSize: '1.6cqw', marginTop: '0.6cqw', lineHeight: 1.45 }}>
                {m[2]}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
