-- The scientific-field taxonomy (every field the product names) and the default site settings.
insert into public.scientific_domains (slug, name, icon, color, order_index, description) values
  ('biology', 'Biology', 'dna', '#2f9e44', 10, 'Living systems from molecules to ecosystems.'),
  ('chemistry', 'Chemistry', 'flask', '#1971c2', 20, 'Molecules, reactions and synthesis.'),
  ('physics', 'Physics', 'atom', '#6741d9', 30, 'Matter, energy and the laws that govern them.'),
  ('medicine', 'Medicine', 'stethoscope', '#e03131', 40, 'Clinical research, diagnosis and treatment.'),
  ('materials_science', 'Materials Science', 'cube', '#f08c00', 50, 'Design and discovery of new materials.'),
  ('environmental_science', 'Environmental Science', 'leaf', '#37b24d', 60, 'Climate, weather, ecology and the Earth system.'),
  ('imaging', 'Imaging', 'microscope', '#0c8599', 70, 'Microscopy, medical imaging and image analysis.'),
  ('ai_ml', 'AI/ML', 'brain', '#7048e8', 80, 'Machine-learning methods and foundation models for science.'),
  ('computer_science', 'Computer Science', 'cpu', '#495057', 90, 'Computing, software and algorithms for research.');

insert into public.scientific_domains (slug, name, icon, color, order_index, description, parent_id)
select v.slug, v.name, v.icon, v.color, v.order_index, v.description, p.id
from (values
  ('genomics', 'Genomics', 'dna-2', '#c2255c', 11, 'Genomes, sequencing and gene regulation.', 'biology'),
  ('computational_biology', 'Computational Biology', 'binary-tree', '#099268', 12, 'Models and algorithms for biological data.', 'biology'),
  ('neuroscience', 'Neuroscience', 'brain-circuit', '#d6336c', 13, 'Brains, neurons and behaviour.', 'biology'),
  ('drug_discovery', 'Drug Discovery', 'pill', '#e8590c', 41, 'Finding and designing new medicines.', 'medicine')
) as v (slug, name, icon, color, order_index, description, parent_slug)
join public.scientific_domains p on p.slug = v.parent_slug;

insert into public.site_settings (key, value, is_public, description) values
  ('sample_data_banner', 'false', true, 'Show the banner saying the catalog is sample data.'),
  ('registration_open', 'true', true, 'Whether new accounts can sign up.'),
  ('require_email_verification', 'true', false, 'New accounts must confirm their e-mail before signing in.'),
  ('require_admin_2fa', 'true', false, 'Administrators must use two-factor authentication for the admin area.');
