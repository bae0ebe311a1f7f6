/**
 * The site's contact details as the tests set them (issue 35 item 7): one
 * item for the whole stack, so every test file that sets it sets these, and
 * files running side by side never see each other's.
 */
export const SITE_CONTACT = {
  phone: '0886 555 123',
  whatsapp: '0777555123',
  email: 'help@raffle.example',
  services_phone: '0555 777 321',
};
/** …as stored and answered. */
export const SITE_CONTACT_STORED = {
  phone: '231886555123',
  whatsapp: '231777555123',
  email: 'help@raffle.example',
  services_phone: '231555777321',
};
