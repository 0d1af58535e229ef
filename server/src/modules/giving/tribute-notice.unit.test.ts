import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../test/mail';
import { type TributeNotice, tributeNoticeMail } from './tribute-notice';

const notice = (over: Partial<TributeNotice> = {}): TributeNotice => ({
  tribute: {
    kind: 'in_memory_of',
    honoree: 'Иван Петров',
    notify: { name: 'Анна Петрова', email: 'anna@example.com', show_amount: false },
  },
  donorName: 'Ольга Смирнова',
  amountCents: 2500,
  monthly: false,
  ...over,
});

async function shown(n: TributeNotice) {
  const mail = await tributeNoticeMail('ru', n, 'https://ru.storyhouse.example');
  return { subject: mail.subject, text: visibleText(mail.html), plain: mail.text };
}

/**
 * Russian would need the honoree's name in the prepositional or genitive case ("в память о Иване Петрове"),
 * which no rule computes for any name a donor types: the notice says it in the nominative, after a colon.
 */
describe('the tribute notice in Russian never declines the names it was given', () => {
  it('names the honoree in the nominative, in the subject and the body', async () => {
    const mail = await shown(notice());
    expect(mail.subject).toBe('Пожертвование в память: Иван Петров');
    for (const part of [mail.text, mail.plain]) {
      expect(part).toContain('Здравствуйте, Анна Петрова!');
      expect(part).toContain(
        'Ольга Смирнова поддержал(а) Служение Storyhouse пожертвованием и хотел(а), чтобы вы об этом знали. Это пожертвование — в память: Иван Петров.',
      );
      expect(part).not.toContain('в память о');
    }
  });

  it('in honour, monthly and with the amount', async () => {
    const mail = await shown(
      notice({
        tribute: { ...notice().tribute, kind: 'in_honor_of', notify: { ...notice().tribute.notify, show_amount: true } },
        monthly: true,
      }),
    );
    expect(mail.subject).toBe('Пожертвование в честь: Иван Петров');
    expect(mail.text).toContain(
      'Ольга Смирнова начал(а) каждый месяц поддерживать Служение Storyhouse пожертвованием на сумму 25,00\u00a0$ и хотел(а)',
    );
    expect(mail.text).toContain('Эти пожертвования — в честь: Иван Петров.');
  });
});
