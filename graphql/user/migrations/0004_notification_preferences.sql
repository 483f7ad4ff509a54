-- SPEC 3.3: the newsletters a user can be told about by e-mail, in both languages. Whether someone
-- is subscribed is a row of newsletter_subscriptions for their address and the preference's id,
-- so the footer's form (`general`) and the account page agree.
create table users.notification_preferences (
  id text primary key check (id ~ '^[a-z0-9-]{1,64}$'),
  name_en text not null,
  name_ar text not null,
  description_en text not null,
  description_ar text not null,
  analytics_name text not null unique,
  -- A site path of a picture under public/, or none.
  image text check (image ~ '^/[a-z0-9/._-]+$'),
  sort_order integer not null
);

insert into users.notification_preferences
  (id, name_en, name_ar, description_en, description_ar, analytics_name, image, sort_order)
values
  ('general', 'Nabd newsletter', 'نشرة نبض',
   'The best of Nabd once a week: new events, line-up news and stories from the XP Feed.',
   'أفضل ما في نبض مرة كل أسبوع: فعاليات جديدة وأخبار الفنانين المشاركين وقصص من XP Feed.',
   'nabd_general', '/media/pages/newsletter-general.svg', 1),
  ('festivals', 'Festivals and line-ups', 'المهرجانات والفنانون',
   'An e-mail when a festival is announced, when its line-up drops and when its timetable is ready.',
   'رسالة عند الإعلان عن أي مهرجان، وعند كشف قائمة فنانيه، وحين يصبح جدول عروضه جاهزًا.',
   'nabd_festivals', '/media/pages/newsletter-lineups.svg', 2),
  ('radio-podcasts', 'Radio and podcasts', 'الإذاعة والبودكاست',
   'New shows on Nabd Radio, guest mixes and the latest podcast episodes.',
   'البرامج الجديدة على إذاعة نبض، ومزيجات الضيوف، وأحدث حلقات البودكاست.',
   'nabd_radio_podcasts', '/media/pages/newsletter-radio.svg', 3),
  ('records', 'Nabd Records', 'تسجيلات نبض',
   'New releases and playlists from the artists of our label.',
   'الإصدارات الجديدة وقوائم التشغيل من فناني شركة تسجيلاتنا.',
   'nabd_records', '/media/pages/about-records.svg', 4),
  ('offers-presales', 'Offers and presales', 'العروض والبيع المسبق',
   'Presale codes before tickets go on general sale, and offers from our partners.',
   'رموز البيع المسبق قبل طرح التذاكر للجميع، وعروض من شركائنا.',
   'nabd_offers_presales', null, 5);
