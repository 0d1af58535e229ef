/** Cents to dollars for the API: 1299 → 12.99 (money is kept in integer cents; STYLE "Data"). */
export const toUsd = (cents: number) => Math.round(cents) / 100;
