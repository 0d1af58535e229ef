/** @jsxRuntime automatic @jsxImportSource react (also when run by tsx from another folder than the server's) */
import { Body, Button, Column, Container, Head, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { LangCode } from '@storyhouse/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { translators } from '../i18n';
import type { MailBlock, MailItem } from './content';
import { mailSiteOrigin } from './site';

/*
 * The one family of e-mail templates (DESIGN 10): a layout with the
 * ministry's name, a header and a footer, and a component per kind of
 * block. Styles are inline, as mail clients need; the colours are the site's
 * (web/src/ui/tokens.css) written out, since a mail client reads no CSS file.
 */
const ink = '#1f2933';
const soft = '#52606d';
const line = '#d9dee3';
const accent = '#8a3b12';
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const s = {
  body: { backgroundColor: '#f6f3ee', fontFamily: font, color: ink, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '0 24px', borderRadius: '8px' },
  header: { padding: '20px 0 8px', borderBottom: `3px solid ${accent}` },
  ministry: { fontSize: '20px', fontWeight: 700, color: accent, margin: 0, textDecoration: 'none' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '16px 0', whiteSpace: 'pre-line' },
  quote: {
    fontSize: '16px',
    lineHeight: '24px',
    margin: '16px 0',
    padding: '8px 16px',
    borderLeft: `4px solid ${line}`,
    fontStyle: 'italic',
    whiteSpace: 'pre-line',
  },
  button: { backgroundColor: accent, color: '#ffffff', borderRadius: '6px', padding: '12px 20px', fontWeight: 600 },
  url: { fontSize: '13px', color: soft, wordBreak: 'break-all', margin: '8px 0 16px' },
  label: { fontSize: '14px', color: soft, padding: '4px 12px 4px 0', verticalAlign: 'top', whiteSpace: 'nowrap' },
  value: { fontSize: '15px', padding: '4px 0', whiteSpace: 'pre-line', verticalAlign: 'top' },
  heading: { fontSize: '17px', fontWeight: 700, margin: '24px 0 8px' },
  item: { borderTop: `1px solid ${line}`, padding: '8px 0' },
  itemTitle: { fontSize: '15px', fontWeight: 600, margin: 0 },
  itemKind: { fontSize: '13px', color: soft, margin: 0 },
  amount: { fontSize: '15px', textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' },
  note: { fontSize: '13px', lineHeight: '20px', color: soft, margin: '16px 0' },
  footer: { fontSize: '13px', lineHeight: '20px', color: soft, margin: '4px 0' },
} satisfies Record<string, CSSProperties>;

/** The ministry's postal and web address under every e-mail, in the reader's language. */
export function footerLines(lang: LangCode) {
  const t = translators[lang];
  return {
    ministry: t('footer.ministry'),
    address: [t('footer.addressLine1'), t('footer.addressLine2')],
    email: t('footer.email'),
    site: mailSiteOrigin(lang),
  };
}

export function MailLayout({ lang, preview, children }: { lang: LangCode; preview: string; children: ReactNode }) {
  const footer = footerLines(lang);
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.header}>
            <Link href={footer.site} style={s.ministry}>
              {footer.ministry}
            </Link>
          </Section>
          {children}
          <Hr style={{ borderColor: line, margin: '24px 0 12px' }} />
          <Section style={{ paddingBottom: '16px' }}>
            <Text style={s.footer}>{footer.ministry}</Text>
            {footer.address.map((l) => (
              <Text key={l} style={s.footer}>
                {l}
              </Text>
            ))}
            <Text style={s.footer}>
              <Link href={`mailto:${footer.email}`} style={{ color: soft }}>
                {footer.email}
              </Link>
              {' · '}
              <Link href={footer.site} style={{ color: soft }}>
                {footer.site}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function Fields({ rows }: { rows: Extract<MailBlock, { kind: 'fields' }>['rows'] }) {
  return (
    <Section>
      {rows.map((r) => (
        <Row key={r.label}>
          <Column style={s.label}>{r.label}</Column>
          <Column style={s.value}>{r.value}</Column>
        </Row>
      ))}
    </Section>
  );
}

/** One line of an order: its title and kind ("Digital album", "CD ×3"), its amount on the right. */
function LineItem({ title, kind, amount, link }: MailItem) {
  return (
    <Row style={s.item}>
      <Column>
        <Text style={s.itemTitle}>{title}</Text>
        <Text style={s.itemKind}>{kind}</Text>
        {link && (
          <Text style={s.itemKind}>
            <Link href={link.url} style={{ color: accent, fontWeight: 700 }}>
              {link.text}
            </Link>
          </Text>
        )}
      </Column>
      <Column style={s.amount}>{amount}</Column>
    </Row>
  );
}

/** A sentence of ours with an address in it ("… here: https://…"): the address becomes a link. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
      <Link key={i} href={part} style={{ color: accent }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

export function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <Text style={s.text}>
          <Linked text={block.text} />
        </Text>
      );
    case 'link':
      return (
        <Section>
          <Text style={s.text}>{block.text}</Text>
          <Button href={block.url} style={s.button}>
            {block.button}
          </Button>
          <Text style={s.url}>
            <Link href={block.url} style={{ color: soft }}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    case 'quote':
      return (
        <Section>
          {block.label ? <Text style={s.heading}>{block.label}</Text> : null}
          <Text style={s.quote}>{block.text}</Text>
        </Section>
      );
    case 'fields':
      return <Fields rows={block.rows} />;
    case 'items':
      return (
        <Section>
          <Text style={s.heading}>{block.heading}</Text>
          {block.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order and may share a title
            <LineItem key={i} {...r} />
          ))}
        </Section>
      );
    case 'totals':
      return (
        <Section style={{ borderTop: `1px solid ${line}`, paddingTop: '8px' }}>
          {block.rows.map((r) => (
            <Row key={r.label}>
              <Column style={{ ...s.value, fontWeight: r.strong ? 700 : 400 }}>{r.label}</Column>
              <Column style={{ ...s.amount, fontWeight: r.strong ? 700 : 400 }}>{r.value}</Column>
            </Row>
          ))}
        </Section>
      );
    case 'note':
      return <Text style={s.note}>{block.text}</Text>;
  }
}
