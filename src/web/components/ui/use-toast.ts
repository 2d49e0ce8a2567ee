import { useSyncExternalStore } from 'react';

/** One toast visible at once; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** A link inside the toast; `onNavigate` keeps it in the single-page app (the toaster sits outside the router). */
  action?: { label: string; href: string; onNavigate: (href: string) => void };
  open: boolean;
}

type Listener = () => void;
let toasts: ToastData[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(toasts.filter((other) => other.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

export function toast(input: Omit<ToastData, 'id' | 'open'>): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

const carriedKey = 'toasts-over-page-load';

/**
 * The open toasts go with a page load the page starts itself (a wizard served as an island moving
 * on to its confirmation): the next page shows them once, as the single-page app would have.
 */
export function carryToastsOverPageLoad() {
  const open = toasts
    .filter((t) => t.open)
    .map(({ id: _id, open: _open, action, ...rest }) => ({ ...rest, action: action && { label: action.label, href: action.href } }));
  try {
    if (open.length > 0) sessionStorage.setItem(carriedKey, JSON.stringify(open));
    else sessionStorage.removeItem(carriedKey);
  } catch {
    // Storage refused (private mode): the next page simply shows none.
  }
}

function showCarriedToasts() {
  try {
    const carried = sessionStorage.getItem(carriedKey);
    if (carried === null) return;
    sessionStorage.removeItem(carriedKey);
    for (const { action, ...rest } of (JSON.parse(carried) as Omit<ToastData, 'id' | 'open'>[]).reverse())
      toast({ ...rest, action: action && { ...action, onNavigate: (href) => window.location.assign(href) } });
  } catch {
    // Nothing carried that can be read: nothing to show.
  }
}
let isCarriedShown = false;

/**
 * Calls `listener` on every change of the toasts; returns how to stop. The first to listen (the
 * app's toaster, or an island's waiting to load it) is told of the toasts a page load carried, in a
 * microtask, once it can stop listening.
 */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  if (!isCarriedShown) {
    isCarriedShown = true;
    queueMicrotask(showCarriedToasts);
  }
  return () => listeners.delete(listener);
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribeToToasts,
    () => toasts,
    () => toasts,
  );
}
