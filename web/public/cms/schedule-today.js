// A CMS-listed script (the Russian program page): marks today's row in a
// broadcast schedule table (rows carry data-day, 1 = Monday … 7 = Sunday).
// Runs once per page; the app may show the page again without reloading.
(() => {
  const mark = () => {
    const today = ((new Date().getDay() + 6) % 7) + 1;
    for (const row of document.querySelectorAll('table.cms-schedule tr[data-day]')) {
      const isToday = row.getAttribute('data-day') === String(today);
      row.classList.toggle('cms-today', isToday);
      if (isToday) row.setAttribute('aria-current', 'date');
      else row.removeAttribute('aria-current');
    }
  };
  mark();
  new MutationObserver(mark).observe(document.body, { childList: true, subtree: true });
})();
