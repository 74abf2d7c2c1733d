/**
 * The FSRS scheduler (ts-fsrs and ./review) as a chunk of its own. The store is part of every
 * page's JavaScript and most page loads never schedule a card, so the scheduler is fetched when a
 * question is first touched (see QuestionCard) or answered, not with the page.
 */
export const loadScheduler = () => import("./review");
