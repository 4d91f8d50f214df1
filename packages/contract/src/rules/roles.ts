/** Position label of SPEC §4: president and council member → 'PCS'; council member only → 'Conseil Syndical'. */
export function positionLabel(r: { is_member_syndicat?: boolean; is_president?: boolean }): string {
  if (r.is_president && r.is_member_syndicat) return 'PCS';
  if (r.is_member_syndicat) return 'Conseil Syndical';
  return '';
}
