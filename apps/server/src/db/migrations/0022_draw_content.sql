-- Drawing content edited in the admin console: the picture types (seeded with the values the code
-- had) and the example prompts; and gallery moderation (a hidden picture leaves the gallery only).
CREATE TABLE "draw_types" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "draw_types" ("code", "label", "hint", "sort") VALUES
	('general', '通用', '', 0),
	('anime', '动漫', ', anime style, cel shading, vibrant colors', 1),
	('photo', '写实摄影', ', photorealistic, 35mm photo, natural light', 2),
	('ink', '国风水墨', ', traditional Chinese ink wash painting, xuan paper texture', 3),
	('oil', '油画', ', oil painting, thick brush strokes, canvas texture', 4),
	('render3d', '3D 渲染', ', 3D render, octane render, soft global illumination', 5);
--> statement-breakpoint
CREATE TABLE "draw_examples" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"kind" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "draw_examples" ("title", "prompt", "type", "kind", "sort") VALUES
	('江南水乡', '清晨的江南水乡，小桥流水，白墙黛瓦，薄雾缭绕', 'ink', 'basic', 0),
	('赛博城市', '雨夜的赛博朋克城市，霓虹灯倒映在湿漉漉的街道上', 'render3d', 'basic', 1),
	('橘猫', '一只胖橘猫趴在窗台上晒太阳，温暖的午后阳光', 'photo', 'basic', 2),
	('少女与樱花', '樱花树下的少女，花瓣随风飘落，日系动漫风格', 'anime', 'basic', 3),
	('向日葵田', '梵高风格的向日葵田野，旋转的星空', 'oil', 'dalle3', 4),
	('宇航员', 'An astronaut riding a horse on the moon, cinematic lighting, ultra detailed --ar 3:2', 'general', 'mj', 5),
	('古风庭院', 'A serene Chinese courtyard with a koi pond, autumn maple leaves, soft morning light --v 6', 'general', 'mj', 6),
	('山间小屋', '我想要一张雪山脚下的小木屋，屋里亮着温暖的灯光，天上有极光', 'general', 'ai3', 7);
--> statement-breakpoint
ALTER TABLE "draw_images" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "draw_images" ADD COLUMN "hidden_by" integer REFERENCES "users"("id") ON DELETE set null;
