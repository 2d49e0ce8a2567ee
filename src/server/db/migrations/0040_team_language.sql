-- The language the captain registered in: their mail is written in it (mail/captain-mail.ts).
ALTER TABLE teams ADD COLUMN language text NOT NULL DEFAULT 'en';
