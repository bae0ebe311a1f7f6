/** `/v1/admin/{id}/{screen}` (spec section 2 "Staff areas"). */
export function adminPath(adminId: string, screenPath: string): string {
  return `/v1/admin/${encodeURIComponent(adminId)}/${screenPath}`;
}
