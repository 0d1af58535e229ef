import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_catalogue_cart';
import * as m0003 from './0003_cms_forms';
import * as m0004 from './0004_accounts_login';
import * as m0005 from './0005_accounts_profile';
import * as m0006 from './0006_password_reset';
import * as m0007 from './0007_user_cart';
import * as m0008 from './0008_newsletter_opt_in';
import * as m0009 from './0009_free_mp3_downloads';
import * as m0010 from './0010_coupons';
import * as m0011 from './0011_cart_gift';
import * as m0012 from './0012_cart_amount_lines';
import * as m0013 from './0013_addresses_shipping_tax';
import * as m0014 from './0014_test_processor';
import * as m0015 from './0015_orders';
import * as m0016 from './0016_listening_progress';
import * as m0017 from './0017_email_change_undo';
import * as m0018 from './0018_coupon_lookups';
import * as m0020 from './0020_card_saved_on_success';
import * as m0021 from './0021_sku_titles';
import * as m0050 from './0050_order_numbers_fulfilment';
import * as m0051 from './0051_gift_orders_give_the_buyer_nothing';
import * as m0052 from './0052_renewals';
import * as m0053 from './0053_back_office';
import * as m0054 from './0054_reports';
import * as m0055 from './0055_coupons_back_office';
import * as m0056 from './0056_moderation';
import * as m0057 from './0057_media_files';
import * as m0058 from './0058_product_slug_redirects';
import * as m0059 from './0059_cms_drafts';
import * as m0060 from './0060_navigation_versions';
import * as m0061 from './0061_refund_ledger';
import * as m0065 from './0065_coupon_titles';
import * as m0066 from './0066_order_coupon_title';
import * as m0067 from './0067_test_processor_card_setups';
import * as m0068 from './0068_card_expiry_notices';
import * as m0069 from './0069_listening_progress_device';
import * as m0070 from './0070_listening_queues';
import * as m0071 from './0071_bedtime';
import * as m0072 from './0072_profiles';
import * as m0073 from './0073_product_age_band';
import * as m0076 from './0076_child_listening';
import * as m0077 from './0077_transcripts';
import * as m0078 from './0078_stock_and_returns';
import * as m0079 from './0079_order_notes';
import * as m0080 from './0080_monthly_gift_changes';
import * as m0081 from './0081_cover_the_fee';
import * as m0082 from './0082_gift_receipts';
import * as m0083 from './0083_statements';
import * as m0084 from './0084_tribute_notices_and_renewal_receipts';
import * as m0085 from './0085_delivery_estimates';
import * as m0086 from './0086_read_versions';

/** Every migration in order. Forward-only: never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalogue_cart': m0002,
  '0003_cms_forms': m0003,
  '0004_accounts_login': m0004,
  '0005_accounts_profile': m0005,
  '0006_password_reset': m0006,
  '0007_user_cart': m0007,
  '0008_newsletter_opt_in': m0008,
  '0009_free_mp3_downloads': m0009,
  '0010_coupons': m0010,
  '0011_cart_gift': m0011,
  '0012_cart_amount_lines': m0012,
  '0013_addresses_shipping_tax': m0013,
  '0014_test_processor': m0014,
  '0015_orders': m0015,
  '0016_listening_progress': m0016,
  '0017_email_change_undo': m0017,
  '0018_coupon_lookups': m0018,
  '0020_card_saved_on_success': m0020,
  '0021_sku_titles': m0021,
  '0050_order_numbers_fulfilment': m0050,
  '0051_gift_orders_give_the_buyer_nothing': m0051,
  '0052_renewals': m0052,
  '0053_back_office': m0053,
  '0054_reports': m0054,
  '0055_coupons_back_office': m0055,
  '0056_moderation': m0056,
  '0057_media_files': m0057,
  '0058_product_slug_redirects': m0058,
  '0059_cms_drafts': m0059,
  '0060_navigation_versions': m0060,
  '0061_refund_ledger': m0061,
  '0065_coupon_titles': m0065,
  '0066_order_coupon_title': m0066,
  '0067_test_processor_card_setups': m0067,
  '0068_card_expiry_notices': m0068,
  '0069_listening_progress_device': m0069,
  '0070_listening_queues': m0070,
  '0071_bedtime': m0071,
  '0072_profiles': m0072,
  '0073_product_age_band': m0073,
  '0076_child_listening': m0076,
  '0077_transcripts': m0077,
  '0078_stock_and_returns': m0078,
  '0079_order_notes': m0079,
  '0080_monthly_gift_changes': m0080,
  '0081_cover_the_fee': m0081,
  '0082_gift_receipts': m0082,
  '0083_statements': m0083,
  '0084_tribute_notices_and_renewal_receipts': m0084,
  '0085_delivery_estimates': m0085,
  '0086_read_versions': m0086,
};
