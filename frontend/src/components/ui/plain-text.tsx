import { directionOfText } from '@/lib/i18n/languages';
import { parsePlainText } from '@/lib/text/plain-text';

interface PlainTextProps {
  text: string;
  /** Treat `## ` lines as subheadings of this level. */
  headingLevel?: 2 | 3;
  headings?: boolean;
  className?: string;
  /** The language the text is in; also sets its direction. */
  lang?: string;
}

/** Server plain text as paragraphs and subheadings; React escapes it, nothing is parsed as HTML. */
export function PlainText({
  text,
  headingLevel = 2,
  headings = true,
  className,
  lang,
}: PlainTextProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={['ks-prose', className].filter(Boolean).join(' ')}
      lang={lang}
      dir={directionOfText(lang)}
    >
      {parsePlainText(text, { headings }).map((block, index) =>
        block.kind === 'heading' ? (
          <Heading key={index}>{block.text}</Heading>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}
