/**
 * The waiting room's live figures (decision 0044): polls the status the page names every few
 * seconds (as often as the server says), puts the figures it sends in place and, once the visitor
 * is admitted, goes on to the tickets page. Without JavaScript the page's meta refresh does the same.
 */

type Status =
  { state: 'waiting'; refreshSeconds: number; texts: Record<string, string> } | { state: 'admitted' | 'not-in-line'; next: string };

const card = document.querySelector<HTMLElement>('[data-waiting-room]');

async function poll(url: string): Promise<void> {
  let delay = 5;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store', credentials: 'same-origin' });
    if (response.ok) {
      const status = (await response.json()) as Status;
      if (status.state !== 'waiting') return void location.assign(status.next);
      for (const [name, text] of Object.entries(status.texts)) {
        const element = card!.querySelector(`[data-line="${name}"]`);
        if (element && element.textContent !== text) element.textContent = text;
      }
      // Live updates come more often than the reload would; the reload stays the fallback.
      delay = Math.min(10, Math.max(2, Math.round(status.refreshSeconds / 3)));
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
  setTimeout(() => void poll(url), delay * 1000);
}

if (card?.dataset.waitingRoom) {
  const url = card.dataset.waitingRoom;
  setTimeout(() => void poll(url), 2000);
}
