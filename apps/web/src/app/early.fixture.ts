/** The record, its building and the answers both early-read test files start from. */
export const RECORD = '61e4cf56-adc9-4cde-bf25-ee89aed4a2aa';
export const COPRO = '923e0668-7ae6-4388-b294-8fe90f4a673e';
export const store = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
export const record = {
  id: RECORD,
  is_member_syndicat: true,
  coproprietes: [{ id: COPRO, syndic_disable: false }],
  copro_settings: { show_assemblee_function: true },
  list_ag_available: [{ id: 'ag', is_send_convocation: true }],
};
export const json = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
