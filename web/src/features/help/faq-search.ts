// D4: the Help search filters the FAQ as the user types. Every word of the query must appear in
// the question, the answer or the group title (case-insensitive); empty groups are dropped.
import type { FaqGroup } from './faq-content';

export function filterFaqGroups(groups: FaqGroup[], query: string): FaqGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const haystack = `${group.title} ${item.question} ${item.text}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}
