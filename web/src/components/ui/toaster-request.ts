// Whether the toaster is wanted yet: asked for by the toasts' module as it loads (toast.tsx), read
// by the slot that mounts it (toaster-slot.tsx). Apart from both, since the slot loads the toasts'
// module lazily and the toasts' module asks for the toaster: neither imports the other.

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toaster, once: called as the toasts' module loads. */
export function requestToaster() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

export const toasterRequested = () => requested;

export const subscribeToToasterRequest = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
