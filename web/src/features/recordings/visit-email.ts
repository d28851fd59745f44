// The address a visitor gave the free-recording gate, kept for this visit only (its browser key:
// docs/product.md#formats-and-limits), so
// the next free recording opens without asking again.
const KEY = 'breathwork_user_email';

export function visitEmail(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberVisitEmail(email: string) {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage refused (a privacy mode): the gate asks again next time.
  }
}

export function forgetVisitEmail() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
