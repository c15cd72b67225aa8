/**
 * Time zones whose days are not 24 hours long, or not on the hour, or not there at all, at both ends of the offset
 * range (-12 h, +14 h): the day rules' and the time-zone functions' tests run over them.
 */
export const TRICKY_ZONES = [
  'UTC',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Pacific/Chatham',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/St_Johns',
  'Antarctica/Troll',
  'Pacific/Apia',
];
