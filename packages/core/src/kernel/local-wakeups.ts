import type { Wakeups, WakeupTopic } from './wakeups.js';

/** Wake-ups within one process; stores build their cross-process ones on it. */
export type LocalWakeups = Wakeups & {
  /** How many listeners are subscribed, over every topic. */
  subscribers(): number;
};

/**
 * Wake-ups within one process. A notification reaches listeners in a microtask, never inside the
 * call that notified: a store that notifies from inside a synchronous transaction (SQLite) wakes
 * its workers only once the transaction committed, and a listener never runs in the middle of
 * a store operation. Notifications of a topic that arrive before delivery are delivered once,
 * with the earliest time, since a worker woken once reads everything that is there.
 */
export function createLocalWakeups(): LocalWakeups {
  const listeners = new Map<WakeupTopic, Set<(at: Date | null) => void>>();
  const pending = new Map<WakeupTopic, Date | null>();
  let count = 0;

  const deliver = () => {
    const due = [...pending];
    pending.clear();
    for (const [topic, at] of due) {
      for (const listener of [...(listeners.get(topic) ?? [])]) {
        // One throwing listener must neither stop the others nor reach whoever notified.
        try {
          listener(at);
        } catch {}
      }
    }
  };

  return {
    notify(topic, at) {
      if (pending.size === 0) queueMicrotask(deliver);
      const time = at ?? null;
      if (!pending.has(topic)) pending.set(topic, time);
      else pending.set(topic, earlier(pending.get(topic) ?? null, time));
    },
    subscribe(topic, listener) {
      // Wrapped, so one function subscribed twice is two subscriptions, each removed by its own call.
      const entry = (at: Date | null) => listener(at);
      let set = listeners.get(topic);
      if (set === undefined) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(entry);
      count += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(entry);
        count -= 1;
      };
    },
    listening: () => Promise.resolve(),
    subscribers: () => count,
  };
}

// Null is "now", the earliest of all.
function earlier(a: Date | null, b: Date | null): Date | null {
  if (a === null || b === null) return null;
  return a.getTime() <= b.getTime() ? a : b;
}
