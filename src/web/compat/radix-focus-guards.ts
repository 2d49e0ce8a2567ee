/**
 * Radix keeps Tab inside an open dialog with two tabbable guard spans, which its hideOthers hides from
 * assistive technology along with the page; under Preact's order of effects it runs before they are
 * added, so they are hidden here as they come.
 */
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node instanceof HTMLElement && node.hasAttribute('data-radix-focus-guard')) node.setAttribute('aria-hidden', 'true');
}).observe(document.body, { childList: true });
