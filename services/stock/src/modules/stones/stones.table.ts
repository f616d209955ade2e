/**
 * The stock table's columns (migrations 0001 and 0002), the one description of a stored stone.
 * `N` is how a numeric(…) column travels (a string from PostgreSQL, a fixed-decimal string when
 * written), `C` a bigint of cents (a number when written, a string when read).
 */
export interface StoneColumns<N = string, C = number | string> {
  id: string
  v_stn_id: string
  stone_id: string
  cert_no: string
  shape: string
  shape_full: string
  carat: N
  color: string
  is_fancy: boolean
  fancy_color: string
  fancy_intensity: string
  fancy_overtone: string
  fancy_desc: string
  clarity: string
  cut: string
  polish: string
  symmetry: string
  fluorescence: string
  lab: string
  location: string
  shade: string
  rap_cents: C
  back: N
  amt_cents: C
  ctpr_cents: C
  dep_per: N
  tbl_per: N
  ratio: N
  p_ang: N
  p_hgt: N
  c_hgt: N
  c_ang: N
  height: N
  width: N
  length: N
  grdl_per: N
  str_ln: N
  lwr_hal: N
  girdle: string
  girdle_str: string
  girdle_cond: string
  culet: string
  culet_cond: string
  brilliancy: string
  black_table: string
  black_side: string
  white_table: string
  white_side: string
  open_table: string
  open_crown: string
  open_pavilion: string
  eye_clean: string
  milky: string
  heart_arrow: string
  key_to_symbol: string
  seller: string
  pair_no: string
  show_name: string
  is_xray: boolean
  is_type2: boolean
  is_seal: boolean
  is_dor: boolean
  w_sts: string
  s_sts: string
  web_sts: string
  sgi_sts: string
  init_sts: string
  s_sts_desc: string
  categories: number[]
  pcs: number
  arrived_at: Date
}
