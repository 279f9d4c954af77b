import { z } from 'zod';
import { okReply } from './envelope';
import { EmailSchema, PasswordSchema, PhoneSchema, requiredText } from './fields';

// The owner's team: staff accounts the owner creates, linked to the owner's
// restaurant; they sign in at /staff/login with the username and password given here.

export const StaffMemberCreateBodySchema = z.object({
  username: requiredText('Vui lòng nhập tên đăng nhập', 50, 'Tên đăng nhập').regex(
    /^[A-Za-z0-9._-]+$/,
    'Tên đăng nhập chỉ gồm chữ không dấu, số và các ký tự . _ -',
  ),
  password: PasswordSchema,
  first_name: requiredText('Vui lòng nhập tên', 100, 'Tên'),
  last_name: requiredText('Vui lòng nhập họ', 100, 'Họ'),
  phone: PhoneSchema.optional(),
  email: EmailSchema.optional(),
});

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});

export const StaffMemberReplySchema = okReply(StaffMemberSchema);
export const StaffMemberListReplySchema = okReply(z.object({ items: z.array(StaffMemberSchema) }));

export type StaffMember = z.infer<typeof StaffMemberSchema>;
export type StaffMemberCreateBody = z.input<typeof StaffMemberCreateBodySchema>;
