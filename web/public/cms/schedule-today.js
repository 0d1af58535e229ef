// A CMS-listed script (the Russian program page): marks today's broadcast in
// the page's schedule, a list whose items begin with a weekday in bold
// ("<li><strong>Monday</strong>, 19:30: …"), in the page's language. The list
// is plain text a volunteer edits in the visual editor: no class or data to
// keep. Runs once per page; the app may show the page again without reloading.
(() => {
  const mark = () => {
    const now = new Date();
    for (const item of document.querySelectorAll('.cms-html li')) {
      const first = item.firstElementChild;
      const lang = item.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
      const today = new Intl.DateTimeFormat(lang, { weekday: 'long' }).format(now).toLocaleLowerCase(lang);
      const isToday =
        first?.tagName === 'STRONG' &&
        item.textContent.trimStart().startsWith(first.textContent) &&
        first.textContent.trim().toLocaleLowerCase(lang) === today;
      if (isToday) item.setAttribute('aria-current', 'date');
      else item.removeAttribute('aria-current');
    }
  };
  mark();
  new MutationObserver(mark).observe(document.body, { childList: true, subtree: true });
})();
