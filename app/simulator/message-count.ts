/** The sequence panel's count line: "1 message.", "3 messages.", "2 of 5 messages match." */
export function messageCountLabel(shown: number, total: number, filtering: boolean): string {
  const noun = (n: number) => (n === 1 ? "message" : "messages");
  return filtering
    ? `${shown} of ${total} ${noun(total)} ${shown === 1 ? "matches" : "match"}.`
    : `${total} ${noun(total)}.`;
}
