import { directionOfText } from '@/lib/i18n/languages';

interface RichTextProps {
  /** HTML the server rendered from Markdown and sanitised (no script, handler or style survives). */
  html: string;
  className?: string;
  /** The language the text is in; also sets its direction. */
  lang?: string;
  testId?: string;
}

/**
 * Text staff wrote in Markdown (news, footer pages), shown as the server's sanitised HTML.
 * Only ever given the `html` field of an API response, never text from the browser.
 */
export function RichText({ html, className, lang, testId }: RichTextProps) {
  return (
    <div
      className={['ks-prose ks-prose--rich', className].filter(Boolean).join(' ')}
      lang={lang}
      dir={directionOfText(lang)}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
