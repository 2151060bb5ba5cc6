/**
 * A Russian or international phone as typed or shared, in the one form it is stored and searched in: «+» and
 * digits. Digits with an optional leading «+», spaces, dashes and brackets are allowed; «8XXXXXXXXXX» is the
 * Russian trunk form of «+7XXXXXXXXXX», and ten digits from «9» a Russian mobile without its «7». Null when it
 * is not a phone. The bot's registration and the back-office's client dialog store what this returns.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("8") && !trimmed.startsWith("+"))
    digits = `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith("9")) digits = `7${digits}`;
  if (digits.length < 10 || digits.length > 15) return null;
  return `+${digits}`;
}
