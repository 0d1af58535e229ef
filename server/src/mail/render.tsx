/** @jsxRuntime automatic @jsxImportSource react (also when run by tsx from another folder than the server's) */
import { render } from '@react-email/components';
import type { MailBlock, MailContent, RenderedMail } from './content';
import { Block, footerLines, MailLayout } from './layout';

/** A block as plain text: the same words as the HTML part, links written out on their own line. */
function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
    case 'note':
      return block.text;
    case 'quote':
      return block.label ? `${block.label}:\n${block.text}` : block.text;
    case 'link':
      return `${block.text}\n${block.url}`;
    case 'fields':
      return block.rows.map((r) => (r.value.includes('\n') ? `${r.label}:\n${r.value}` : `${r.label}: ${r.value}`)).join('\n');
    case 'items':
      return [
        block.heading,
        ...block.rows.map((r) => `- ${r.title} (${r.kind}): ${r.amount}${r.link ? `\n  ${r.link.text}: ${r.link.url}` : ''}`),
      ].join('\n');
    case 'totals':
      return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
  }
}

/** The plain-text part: the blocks a blank line apart, then the footer after the usual "-- " line. */
export function mailText(content: MailContent): string {
  const footer = footerLines(content.lang);
  return [
    ...content.blocks.map(blockText),
    ['-- ', footer.ministry, ...footer.address, footer.email, footer.site].join('\n'),
  ].join('\n\n');
}

/**
 * An e-mail's subject, HTML part and plain-text part, from one list of
 * blocks in the layout every e-mail of the site shares.
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  // The inbox's preview: the first sentence that says something (not "Hello,"), unless the e-mail names one.
  const texts = content.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
  const preview = content.preview ?? texts.find((text) => text.length > 40) ?? texts[0] ?? content.subject;
  const html = await render(
    <MailLayout lang={content.lang} preview={preview}>
      {content.blocks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one e-mail never move
        <Block key={i} block={b} />
      ))}
    </MailLayout>,
  );
  return { subject: content.subject, text: mailText(content), html };
}
