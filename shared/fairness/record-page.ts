/**
 * Where anyone reads and checks a draw record: the public record page
 * (DESIGN section 4, "Fair draws"). One definition for every link to it —
 * the winners list, the Fair draws page and the announcer dashboard.
 */
export const drawRecordPagePath = (drawId: string): string => `/draws/${encodeURIComponent(drawId)}`;
